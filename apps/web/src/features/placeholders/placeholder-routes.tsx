import { de } from '../../i18n/de';
import { PlaceholderPage } from './placeholder-page';

/** Routes whose features come with later issues: they exist, are guarded, and say so honestly. */
export const ArchitectDashboardPlaceholder = () => <PlaceholderPage title={de.pages.dashboard} />;
export const ClientDashboardPlaceholder = () => <PlaceholderPage title={de.pages.dashboardClient} />;
export const ProjectOverviewPlaceholder = () => <PlaceholderPage title={de.pages.projectOverview} />;
export const AdminPlaceholder = () => <PlaceholderPage title={de.pages.admin} />;
export const GeneralPlaceholder = () => <PlaceholderPage title={de.pages.general} />;
export const StoreysPlaceholder = () => <PlaceholderPage title={de.pages.storeys} />;
export const WindowsPlaceholder = () => <PlaceholderPage title={de.pages.windows} />;
export const HeatingPlaceholder = () => <PlaceholderPage title={de.pages.heating} />;
export const RegisterPlaceholder = () => <PlaceholderPage title={de.pages.register} standalone />;
export const ForgotPasswordPlaceholder = () => <PlaceholderPage title={de.pages.forgotPassword} standalone />;
export const ResetPasswordPlaceholder = () => <PlaceholderPage title={de.pages.resetPassword} standalone />;
