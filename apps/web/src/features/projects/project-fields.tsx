import { TextAreaField } from '../../components/ui/text-area-field';
import { TextField } from '../../components/ui/text-field';
import { de } from '../../i18n/de';
import { houseNumberInputProps } from '../../lib/house-number';
import type { FieldBinding } from '../../components/ui/form-field';
import type { ProjectFormInput } from './project-form';

const t = de.projects.create;

type ProjectField = 'name' | 'description' | `address.${keyof ProjectFormInput['address']}`;

interface FieldsProps {
  idPrefix: string;
  field(name: ProjectField): FieldBinding;
}

export function ProjectNameField({ idPrefix, field }: FieldsProps) {
  return <TextField id={`${idPrefix}-name`} label={t.name} required autoComplete="off" {...field('name')} />;
}

export function ProjectDescriptionField({ idPrefix, field }: FieldsProps) {
  return <TextAreaField id={`${idPrefix}-description`} label={t.description} {...field('description')} />;
}

/** Street, number, city, Katastralgemeinde, postal code and country of a project. */
export function ProjectAddressFields({ idPrefix, field }: FieldsProps) {
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 text-sm font-semibold">{t.address}</legend>
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
        <TextField id={`${idPrefix}-street`} label={t.street} autoComplete="off" {...field('address.street')} />
        <TextField id={`${idPrefix}-number`} label={t.number} {...houseNumberInputProps} autoComplete="off" {...field('address.number')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-[1fr_2fr]">
        <TextField id={`${idPrefix}-postal-code`} label={t.postalCode} autoComplete="off" {...field('address.postalCode')} />
        <TextField id={`${idPrefix}-city`} label={t.city} autoComplete="off" {...field('address.city')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${idPrefix}-katastral`}
          label={t.katastral}
          inputMode="numeric"
          maxLength={5}
          hint={t.katastralHint}
          autoComplete="off"
          {...field('address.katastral')}
        />
        <TextField id={`${idPrefix}-country`} label={t.country} autoComplete="off" {...field('address.country')} />
      </div>
    </fieldset>
  );
}
