import { Link } from 'react-router';
import { de } from '../i18n/de';

const linkClass = 'text-sm text-muted-foreground underline-offset-4 hover:underline';

/** Impressum and Datenschutzerklärung side by side, under the pages shown before login. */
export function LegalLinks() {
  return (
    <nav aria-label={de.legalLinks} className="flex flex-wrap justify-center gap-x-4 gap-y-1">
      <Link to="/impressum" className={linkClass}>
        {de.sidebar.impressum}
      </Link>
      <Link to="/datenschutz" className={linkClass}>
        {de.sidebar.privacy}
      </Link>
    </nav>
  );
}
