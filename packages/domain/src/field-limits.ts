/** Lengths the forms show as input attributes and the schemas check. */
export const passwordMinLength = 8;
export const passwordMaxLength = 128;
export const houseNumberMaxLength = 20;
