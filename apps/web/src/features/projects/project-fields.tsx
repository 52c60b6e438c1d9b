import type { ComponentProps } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { projectAddressSchema, questionnaireLimits, updateProjectRequestSchema } from '@bauakte/domain';
import { Label } from '../../components/ui/label';
import { TextField } from '../../components/ui/text-field';
import { schemaRule } from '../../lib/field-rules';
import { de } from '../../i18n/de';
import { katastralRule, type ProjectFormValues } from './project-form';

const t = de.projects.create;
const fields = updateProjectRequestSchema.shape;
const addressFields = projectAddressSchema.shape;

interface FieldsProps {
  idPrefix: string;
  register: UseFormRegister<ProjectFormValues>;
  errors: FieldErrors<ProjectFormValues>;
}

function TextAreaField({ id, label, error, ...props }: ComponentProps<'textarea'> & { id: string; label: string; error?: string }) {
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <textarea
        id={id}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="min-h-20 w-full rounded-md border border-input bg-background px-3 py-2 text-base text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 md:text-sm"
        {...props}
      />
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function ProjectNameField({ idPrefix, register, errors }: FieldsProps) {
  return (
    <TextField
      id={`${idPrefix}-name`}
      label={t.name}
      required
      autoComplete="off"
      error={errors.name?.message}
      {...register('name', { validate: schemaRule(fields.name) })}
    />
  );
}

export function ProjectDescriptionField({ idPrefix, register, errors }: FieldsProps) {
  return <TextAreaField id={`${idPrefix}-description`} label={t.description} error={errors.description?.message} {...register('description', { validate: schemaRule(fields.description) })} />;
}

/** Street, number, city, Katastralgemeinde, postal code and country of a project. */
export function ProjectAddressFields({ idPrefix, register, errors }: FieldsProps) {
  const address = errors.address;
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 text-sm font-semibold">{t.address}</legend>
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
        <TextField id={`${idPrefix}-street`} label={t.street} autoComplete="off" error={address?.street?.message} {...register('address.street', { validate: schemaRule(addressFields.street) })} />
        <TextField id={`${idPrefix}-number`} label={t.number} autoComplete="off" error={address?.number?.message} {...register('address.number', { validate: schemaRule(addressFields.number) })} />
      </div>
      <div className="grid gap-4 sm:grid-cols-[1fr_2fr]">
        <TextField id={`${idPrefix}-postal-code`} label={t.postalCode} autoComplete="off" error={address?.postalCode?.message} {...register('address.postalCode', { validate: schemaRule(addressFields.postalCode) })} />
        <TextField id={`${idPrefix}-city`} label={t.city} autoComplete="off" error={address?.city?.message} {...register('address.city', { validate: schemaRule(addressFields.city) })} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${idPrefix}-katastral`}
          label={t.katastral}
          type="number"
          inputMode="numeric"
          min={questionnaireLimits.katastralMin}
          max={questionnaireLimits.katastralMax}
          step={1}
          autoComplete="off"
          error={address?.katastral?.message}
          {...register('address.katastral', { validate: katastralRule })}
        />
        <TextField id={`${idPrefix}-country`} label={t.country} autoComplete="off" error={address?.country?.message} {...register('address.country', { validate: schemaRule(addressFields.country) })} />
      </div>
    </fieldset>
  );
}
