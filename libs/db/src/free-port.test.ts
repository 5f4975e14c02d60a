/**
 * freePort draws from below the kernel's ephemeral range, so a server that binds the port a moment later
 * cannot lose it to a process that asked the kernel for any port (the Temporal dev server's internal ports).
 */
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { freePort } from './embedded';

function listenOn(port: number): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

describe('freePort', () => {
  it('returns bindable ports from 20000 up to the start of the ephemeral range', async () => {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(20_000);
      expect(port).toBeLessThan(Math.max(low, 21_000));
    }
    // Random, not a counter: twenty draws from thousands of ports are not all the same.
    expect(new Set(ports).size).toBeGreaterThan(1);
    const server = await listenOn(ports[0]!);
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});
