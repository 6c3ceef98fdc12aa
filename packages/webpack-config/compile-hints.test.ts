import { describe, expect, it } from '@jest/globals';
import { COMPILE_HINT, EagerCompileBootPlugin } from './compile-hints.js';
import { withBuiltHost } from './host.harness';

describe('EagerCompileBootPlugin', () => {
  it('puts the compile hint first in the entry chunks and, with boot, its async boundary and the shared copies, not what loads later, after minifying', async () => {
    await withBuiltHost({ plugins: [new EagerCompileBootPlugin({ boot: 'main' })], minimize: true }, (host) => {
      const hinted = host.files().filter((file) => file.endsWith('.js') && host.read(file).startsWith(COMPILE_HINT));
      expect(hinted).toContain('main.js');
      expect(hinted).toContain('remoteEntry.js');
      expect(hinted.some((file) => file.startsWith('bootstrap'))).toBe(true);
      expect(hinted.some((file) => file.includes('node_modules_react_'))).toBe(true);
      // Loaded when asked for, not by the boot: compiled lazily as before.
      const later = host.files().filter((file) => file.startsWith('later') || file.startsWith('exposed'));
      expect(later.length).toBeGreaterThan(0);
      for (const file of later) expect(hinted).not.toContain(file);
      // Once, and only at the top: the minifier ran before and dropped no hint after it.
      for (const file of hinted) expect(host.read(file).split('allFunctionsCalledOnLoad').length).toBe(2);
    });
  });

  it("without boot, only the entry chunks (a remote's remoteEntry.js)", async () => {
    await withBuiltHost({ plugins: [new EagerCompileBootPlugin()], minimize: true }, (host) => {
      const hinted = host.files().filter((file) => file.endsWith('.js') && host.read(file).startsWith(COMPILE_HINT));
      expect(hinted.sort()).toEqual(['main.js', 'remoteEntry.js']);
    });
  });
});
