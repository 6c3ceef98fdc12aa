import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from '@cc/ui/router';
import { AuthPage } from './pages/AuthPage';
import { FullPageStatus, NotFoundPage } from './pages/StatusPages';
import { ProtectedLayout } from './layout/ProtectedLayout';
import { RemotePage } from './remotes/RemotePage';
import { REMOTE_PAGE_ROUTES } from './routes';

/** Its code comes with its first visit: a page few open stays out of every page's first load. */
const SettingsPage = lazy(() => import('./settings/SettingsPage'));
const TrashPage = lazy(() => import('./trash/TrashPage'));

export function App() {
  return (
    <Routes>
      <Route path="/sign-in" element={<AuthPage mode="sign-in" />} />
      <Route path="/sign-up" element={<AuthPage mode="sign-up" />} />
      <Route element={<ProtectedLayout />}>
        <Route index element={<Navigate to="/dashboard" replace />} />
        {REMOTE_PAGE_ROUTES.map((route) => {
          const id = `${route.remote}/${route.module}`;
          // The key is the module, not the path: /journal and /journal/:date share one
          // instance, while another section always mounts afresh (and retries if it failed).
          return <Route key={route.path} path={route.path} element={<RemotePage key={id} id={id} label={route.label} />} />;
        })}
        <Route
          path="/settings"
          element={
            <Suspense fallback={<FullPageStatus text="Loading settings…" />}>
              <SettingsPage />
            </Suspense>
          }
        />
        <Route
          path="/trash"
          element={
            <Suspense fallback={<FullPageStatus text="Loading the trash…" />}>
              <TrashPage />
            </Suspense>
          }
        />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
