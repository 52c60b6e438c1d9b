/**
 * How long the lists a page asks for while its code loads (features/dashboard/start-data.ts) count
 * as fresh. Without it the page would ask for each of them a second time the moment it renders,
 * a phone's bandwidth and main thread spent on answers it already has.
 */
export const startDataFreshMs = 5_000;
