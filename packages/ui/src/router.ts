/**
 * The router pieces the shell and the remotes use, shared as one Module Federation singleton
 * (`@cc/ui/router`). Sharing react-router-dom itself ships all of it (a shared module cannot be
 * tree-shaken: any remote might use any export), about 60 KB gzipped on every first visit;
 * through this module only what is named here is built. Import the router from here only.
 */
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useInRouterContext,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
