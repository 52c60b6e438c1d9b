import { pinKinds, type PinKind } from '@bauakte/domain/labels';
import { FormField, type FieldBinding } from '../../../components/ui/form-field';
import { NativeSelect } from '../../../components/ui/native-select';
import { de } from '../../../i18n/de';

const t = de.pins;

/** An item's kind ('Art'): a defect, a question, a wish or a remark; placing a pin and the architects' assignment ask it alike. */
export function PinKindField({ id, initial, field: { error, ...binding } }: { id: string; initial: PinKind; field: FieldBinding }) {
  return (
    <FormField id={id} label={t.kind} error={error}>
      {(control) => (
        // The select shows the form's starting value itself: its first option would otherwise stand until a change, and be saved.
        <NativeSelect defaultValue={initial} {...binding} {...control}>
          {pinKinds.map((kind) => (
            <option key={kind} value={kind}>
              {t.kindLabels[kind]}
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  );
}
