import { useLocation } from '@cc/ui/router';

/** Where the app went: the router's location, for a test to read by its test id. */
export function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}
