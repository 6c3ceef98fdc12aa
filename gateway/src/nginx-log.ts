import { API_ROUTES, PAGE_ROUTES, pathRegex } from '@cc/contracts';
import { type Block, dq } from './nginx-block';

/**
 * `$log_path`: the access log names a path by its route-table pattern, because paths and query
 * strings carry the user's folder and file names, which logs never hold. Exact paths win over
 * patterns in an nginx map.
 */
export function logPathMap(http: Block): void {
  http.b('map', '$uri $log_path', (m) => {
    m.d('default', '$uri');
    const templates = [...new Set([...API_ROUTES, ...PAGE_ROUTES].map((route) => route.path))];
    const patterns = templates.filter((p) => p.includes('{'));
    // A literal path a pattern would also match (`/files/reorder` vs `/files/{id}`) keeps its name.
    for (const path of templates.filter((p) => !p.includes('{') && patterns.some((t) => pathRegex(t).test(p)))) m.d(dq(path), dq(path));
    for (const path of patterns) m.d(dq(`~${pathRegex(path).source}`), dq(path));
  });
}
