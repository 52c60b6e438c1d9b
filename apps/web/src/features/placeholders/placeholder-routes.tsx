import { de } from '../../i18n/de';
import { PlaceholderPage } from './placeholder-page';

/** Routes whose features come with later issues: they exist, are guarded, and say so honestly. */
export const GeneralPlaceholder = () => <PlaceholderPage title={de.pages.general} />;
export const StoreysPlaceholder = () => <PlaceholderPage title={de.pages.storeys} />;
export const WindowsPlaceholder = () => <PlaceholderPage title={de.pages.windows} />;
export const HeatingPlaceholder = () => <PlaceholderPage title={de.pages.heating} />;
