import { Construction } from 'lucide-react';
import { de } from '../../i18n/de';

/** An honest stand-in for a modal whose feature is still being built. */
export function PlaceholderModalBody() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 text-center text-muted-foreground">
      <Construction className="size-10" aria-hidden />
      <p className="text-lg font-medium text-foreground">{de.placeholder.title}</p>
      <p>{de.placeholder.text}</p>
    </div>
  );
}
