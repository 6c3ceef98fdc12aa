import { afterAll, describe, expect, it } from '@jest/globals';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { API_ROUTES, REMOTES, SERVICES, isPageNavigation, routingRules } from '@cc/contracts';
import { NGINX_CONF_FILES, NGINX_TARGETS, generateNginxConf, pageNavMapKey, ruleLocationRegex } from './nginx';
import { makePrefix, nginxTest, removeDir, repoRoot } from './nginx.harness';

const prefixes: string[] = [];
afterAll(() => prefixes.forEach(removeDir));

describe('committed nginx configs', () => {
  it.each(NGINX_TARGETS)('%s matches the generator (run `npm run gen:nginx` after changing the route table)', (target) => {
    const file = path.join(repoRoot, NGINX_CONF_FILES[target]);
    const committed = readFileSync(file, 'utf8');
    const hint = `${NGINX_CONF_FILES[target]} is stale: run \`npm run gen:nginx\` and commit the result`;
    if (committed !== generateNginxConf(target)) throw new Error(hint);
  });

  it('local: a single `listen 8080;` line (npm run stack rewrites it)', () => {
    const text = readFileSync(path.join(repoRoot, NGINX_CONF_FILES.local), 'utf8');
    expect(text.match(/listen 8080;/g)).toHaveLength(1);
    expect(text).toMatch(/^daemon off;$/m);
    expect(text).not.toMatch(/\/var\/lib\/nginx|\/etc\/nginx/);
    for (const d of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
      expect(text).toContain(`${d}_temp_path .stack/nginx/`);
    }
    expect(text).toContain('pid .stack/nginx/nginx.pid;');
  });

  it('compose: container upstreams, no daemon directive (the image passes -g "daemon off;")', () => {
    const text = readFileSync(path.join(repoRoot, NGINX_CONF_FILES.compose), 'utf8');
    for (const s of SERVICES) expect(text).toMatch(new RegExp(`server svc-${s}:\\d+( max_fails=\\d+)?;`));
    expect(text).toContain('server shell:80;');
    for (const r of REMOTES) expect(text).toContain(`server mfe-${r}:80;`);
    expect(text).not.toMatch(/^\s*daemon /m);
    expect(text).not.toContain('127.0.0.1');
  });
});

describe('nginx -t', () => {
  it('accepts the local config (committed file, temp prefix)', () => {
    const prefix = makePrefix('t-local');
    prefixes.push(prefix);
    writeFileSync(path.join(prefix, 'gateway/nginx.conf'), readFileSync(path.join(repoRoot, NGINX_CONF_FILES.local)));
    const res = nginxTest(prefix, 'gateway/nginx.conf');
    expect(res.output).toContain('test is successful');
    expect(res.ok).toBe(true);
  });

  it('accepts the compose config (container hostnames → 127.0.0.1, runtime files in a temp dir)', () => {
    const prefix = makePrefix('t-compose');
    prefixes.push(prefix);
    const text = generateNginxConf('compose', {
      address: (_c, port) => `127.0.0.1:${port}`,
      runtimeDir: path.join(prefix, '.stack/nginx'),
    });
    // Everything but the hosts and runtime paths is the committed file.
    const committed = readFileSync(path.join(repoRoot, NGINX_CONF_FILES.compose), 'utf8');
    const strip = (s: string) =>
      s
        .split('\n')
        .filter((l) => !/^\s*(server \S+( [^;]*)?;|pid |error_log |access_log |\w+_temp_path |include \S+trusted-proxies)/.test(l))
        .join('\n');
    expect(strip(text)).toBe(strip(committed));
    writeFileSync(path.join(prefix, 'gateway/nginx.compose.conf'), text);
    const res = nginxTest(prefix, 'gateway/nginx.compose.conf');
    expect(res.output).toContain('test is successful');
    expect(res.ok).toBe(true);
  });

  it('accepts the static-container server block inside an http block', () => {
    const prefix = makePrefix('t-static');
    prefixes.push(prefix);
    const wrapper = [
      `pid ${prefix}/static.pid;`,
      'events {}',
      'http {',
      `  client_body_temp_path ${prefix}/cb; proxy_temp_path ${prefix}/px; fastcgi_temp_path ${prefix}/fc;`,
      `  uwsgi_temp_path ${prefix}/uw; scgi_temp_path ${prefix}/sc; access_log off;`,
      `  include ${path.join(repoRoot, NGINX_CONF_FILES.static)};`,
      '}',
      '',
    ].join('\n');
    writeFileSync(path.join(prefix, 'gateway/static.conf'), wrapper);
    const res = nginxTest(prefix, 'gateway/static.conf');
    expect(res.output).toContain('test is successful');
    expect(res.ok).toBe(true);
  });
});

describe('route table → locations', () => {
  const local = generateNginxConf('local');
  const locations = [...local.matchAll(/location ~ "([^"]+)"/g)].map((m) => m[1]!);

  it('has one anchored regex location per routing rule, in routingRules() order', () => {
    expect(locations).toEqual(routingRules().map(ruleLocationRegex));
    for (const re of locations) expect(re).toMatch(/\(\/\|\$\)$/);
  });

  it('sends every API route to its owner with first-match semantics (as nginx evaluates regex locations)', () => {
    const rules = routingRules();
    for (const route of API_ROUTES) {
      const concrete = route.path.replace(/\{(\w+)\}/g, 'x1');
      const idx = rules.findIndex((rule) => new RegExp(ruleLocationRegex(rule)).test(concrete));
      expect({ path: route.path, owner: rules[idx]?.owner }).toEqual({ path: route.path, owner: route.owner });
    }
  });

  it('puts the svc-files /profile sub-paths before /profile → svc-people', () => {
    const filesIdx = locations.findIndex((l) => l.startsWith('^/profile/('));
    const peopleIdx = locations.indexOf('^/profile(/|$)');
    expect(filesIdx).toBeGreaterThanOrEqual(0);
    expect(filesIdx).toBeLessThan(peopleIdx);
    const re = new RegExp(locations[filesIdx]!);
    expect(re.test('/profile/suggested_folders')).toBe(true);
    expect(re.test('/profile/suggested_folders_x')).toBe(false);
  });

  it('uses the same page-navigation test as isPageNavigation()', () => {
    const key = pageNavMapKey();
    expect(key.startsWith('~*')).toBe(true);
    const re = new RegExp(key.slice(2), 'i');
    const accepts = [
      'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      ' text/html',
      'TEXT/HTML',
      'application/json',
      '*/*',
      'application/json, text/html',
      '',
    ];
    for (const method of ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE']) {
      for (const accept of accepts) {
        expect({ method, accept, nav: re.test(`${method}:${accept}`) }).toEqual({
          method,
          accept,
          nav: isPageNavigation(method, accept),
        });
      }
    }
  });

  it('streams /ai_chat (no proxy buffering, long read timeout)', () => {
    const block = local.slice(local.indexOf('location ~ "^/ai_chat(/|$)"'));
    const body = block.slice(0, block.indexOf('}'));
    expect(body).toContain('proxy_buffering off;');
    expect(body).toMatch(/proxy_read_timeout (\d+h|\d{3,}s);/);
  });

  it('waits for a deep research on /profile/generate (the call answers when its 5-15 minute job is done)', () => {
    const block = local.slice(local.indexOf('location = /profile/generate'));
    const body = block.slice(0, block.indexOf('}'));
    expect(body).toContain('proxy_pass http://svc_people;');
    expect(body).toContain('proxy_read_timeout 20m;');
  });
});
