/** Everything the domain offers, for the server; the web imports by cost from `/texts`, `/labels` and `/schemas`. */
export * from './texts/index';
export * from './labels';
export * from './schemas';
