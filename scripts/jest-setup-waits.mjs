// How long a findBy… or waitFor waits before it fails: a net for a loaded two-core CI machine (a
// lazily loaded page took more than the default second there), not a measure of speed, which
// bench/ measures. After the environment, so it reaches the testing library the tests import.
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 5000 });
