import { NginxConfFile } from 'nginx-conf';

/** nginx-conf's item type (not exported by name from the package index). */
export type NginxConfItem = NginxConfFile['nginx'];

/** A thin fluent wrapper over nginx-conf's item API (blocks need `_add(name, value, [])`). */
export class Block {
  constructor(readonly item: NginxConfItem) {}

  /** A simple directive. */
  d(name: string, value: string | number = '', comment?: string): this {
    this.item._add(name, String(value), null, comment ? [` ${comment}`] : undefined);
    return this;
  }

  /** A block directive; `build` fills it. */
  b(name: string, value: string, build: (block: Block) => void, comment?: string): this {
    this.item._add(name, value, [], comment ? [` ${comment}`] : undefined);
    const siblings = this.item[name];
    const child = siblings?.[siblings.length - 1];
    if (!child) throw new Error(`nginx-conf did not add ${name}`);
    build(new Block(child));
    return this;
  }
}

export function emptyConf(): NginxConfFile {
  let conf: NginxConfFile | undefined;
  let error: Error | null = null;
  // The callback runs synchronously for an in-memory source.
  NginxConfFile.createFromSource('', (err, c) => {
    error = err;
    conf = c;
  });
  if (error) throw error;
  if (!conf) throw new Error('nginx-conf did not create a config synchronously');
  return conf;
}

/** nginx single-quoted string (for JSON bodies and log formats). */

/** nginx single-quoted string. */
export const sq = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
/** nginx double-quoted string (for regexes containing `{`, `;` or spaces). */
export const dq = (s: string) => `"${s.replace(/"/g, '\\"')}"`;

/** nginx-conf writes comments at column 0; give each the indentation of the line it describes. */
export function indentComments(text: string): string {
  const lines = text.split('\n');
  for (let i = lines.length - 2; i >= 0; i--) {
    if (!lines[i]!.startsWith('#')) continue;
    const indent = /^\s*/.exec(lines[i + 1]!)![0];
    lines[i] = indent + lines[i];
  }
  return lines.join('\n');
}
