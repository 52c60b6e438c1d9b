import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export function Card({ className, ...props }: ComponentProps<'section'>) {
  return <section className={cn('rounded-lg border border-border bg-card text-card-foreground shadow-sm', className)} {...props} />;
}

export function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 p-6', className)} {...props} />;
}

const titleSizes = {
  default: 'text-xl leading-none',
  /** The heading of a page that is one card (login, Impressum), at its font size's own line height. */
  large: 'text-2xl',
};

/** A card's heading; level 1 where the card is the page (login, Impressum). */
export function CardTitle({ className, level = 2, size = 'default', ...props }: ComponentProps<'h2'> & { level?: 1 | 2 | 3; size?: keyof typeof titleSizes }) {
  const Heading = level === 1 ? 'h1' : level === 3 ? 'h3' : 'h2';
  return <Heading className={cn(titleSizes[size], 'font-semibold tracking-tight', className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('text-sm text-muted-foreground', className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('p-6 pt-0', className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex items-center p-6 pt-0', className)} {...props} />;
}
