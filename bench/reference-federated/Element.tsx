// The federated reference page's one element, exposed by its remote.
export default function Element() {
  return <h1 data-testid="reference-root">Federated reference page</h1>;
}
