// The module webpack exposes as people/PeoplePage; the page lives with its feature.
export { default, PeoplePage } from '../people/PeoplePage';
