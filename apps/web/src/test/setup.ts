import { enableClassMerge } from '../lib/class-merge';

// Components render as they do once any lazy page has loaded: with conflicting classes resolved.
enableClassMerge();
