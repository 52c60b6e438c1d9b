import { houseNumberMaxLength } from '@bauakte/domain/labels';

/**
 * The input props of every house-number field. A text input, since '12/3/5', '5a' and '17–19' are
 * house numbers too (a number input refuses them); as long as the domain schemas store.
 */
export const houseNumberInputProps = { type: 'text', inputMode: 'text', maxLength: houseNumberMaxLength } as const;
