import type http from 'node:http';

/**
 * Answers requests Node's HTTP parser refuses before express sees them (headers over the size limit,
 * malformed request lines) with the JSON error body too, instead of a bare status line.
 */
export function answerClientErrors(server: http.Server): void {
  server.on('clientError', (error: Error & { code?: string }, socket) => {
    if (!socket.writable || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const [status, text, detail] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'The request headers are too large.']
        : [400, 'Bad Request', 'The request could not be parsed as HTTP.'];
    const body = JSON.stringify({ detail, errors: [] });
    socket.end(
      `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
