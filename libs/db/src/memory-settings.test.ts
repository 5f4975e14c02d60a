import { memorySettings } from './embedded';

const GB = 1024 ** 3;
const setting = (settings: string[], name: string) => settings.find((s) => s.startsWith(`${name}=`))?.slice(name.length + 1);

describe('embedded PostgreSQL memory settings', () => {
  it('scales with the machine', () => {
    const s = memorySettings(24 * GB);
    expect(setting(s, 'shared_buffers')).toBe('1536MB');
    expect(setting(s, 'work_mem')).toBe('96MB');
    expect(setting(s, 'effective_cache_size')).toBe('12288MB');
    expect(setting(s, 'jit')).toBe('off');
  });

  it('keeps small machines at sane floors and big ones under caps', () => {
    expect(setting(memorySettings(1 * GB), 'shared_buffers')).toBe('128MB');
    expect(setting(memorySettings(1 * GB), 'work_mem')).toBe('16MB');
    expect(setting(memorySettings(512 * GB), 'shared_buffers')).toBe('4096MB');
    expect(setting(memorySettings(512 * GB), 'work_mem')).toBe('128MB');
  });
});
