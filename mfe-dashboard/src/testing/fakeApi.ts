// The remotes' fake `fetch` for component tests lives once, in packages/ui.
export * from '@cc/ui/testing/fake-api';
