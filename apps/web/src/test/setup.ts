import { configure } from '@testing-library/react';
import { enableClassMerge } from '../lib/class-merge';

// Components render as they do once any lazy page has loaded: with conflicting classes resolved.
enableClassMerge();

// findBy… and waitFor wait for the page to change, bounded only so that a failure names what was
// missing before the test's own timeout: on a busy machine a render takes seconds, not the default 1 s.
configure({ asyncUtilTimeout: 15_000 });
