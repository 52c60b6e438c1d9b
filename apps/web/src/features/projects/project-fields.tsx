import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { TextAreaField } from '../../components/ui/text-area-field';
import { TextField } from '../../components/ui/text-field';
import { de } from '../../i18n/de';
import { houseNumberInputProps } from '../../lib/house-number';
import type { ProjectFormInput } from './project-form';

const t = de.projects.create;

interface FieldsProps {
  idPrefix: string;
  register: UseFormRegister<ProjectFormInput>;
  errors: FieldErrors<ProjectFormInput>;
}

export function ProjectNameField({ idPrefix, register, errors }: FieldsProps) {
  return <TextField id={`${idPrefix}-name`} label={t.name} required autoComplete="off" error={errors.name?.message} {...register('name')} />;
}

export function ProjectDescriptionField({ idPrefix, register, errors }: FieldsProps) {
  return <TextAreaField id={`${idPrefix}-description`} label={t.description} error={errors.description?.message} {...register('description')} />;
}

/** Street, number, city, Katastralgemeinde, postal code and country of a project. */
export function ProjectAddressFields({ idPrefix, register, errors }: FieldsProps) {
  const address = errors.address;
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 text-sm font-semibold">{t.address}</legend>
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
        <TextField id={`${idPrefix}-street`} label={t.street} autoComplete="off" error={address?.street?.message} {...register('address.street')} />
        <TextField
          id={`${idPrefix}-number`}
          label={t.number}
          {...houseNumberInputProps}
          autoComplete="off"
          error={address?.number?.message}
          {...register('address.number')}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-[1fr_2fr]">
        <TextField id={`${idPrefix}-postal-code`} label={t.postalCode} autoComplete="off" error={address?.postalCode?.message} {...register('address.postalCode')} />
        <TextField id={`${idPrefix}-city`} label={t.city} autoComplete="off" error={address?.city?.message} {...register('address.city')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${idPrefix}-katastral`}
          label={t.katastral}
          inputMode="numeric"
          maxLength={5}
          hint={t.katastralHint}
          autoComplete="off"
          error={address?.katastral?.message}
          {...register('address.katastral')}
        />
        <TextField id={`${idPrefix}-country`} label={t.country} autoComplete="off" error={address?.country?.message} {...register('address.country')} />
      </div>
    </fieldset>
  );
}
