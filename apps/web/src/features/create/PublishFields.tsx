import { FormError } from '../../components/Field/Field';
import { FormActions } from '../../components/Field/formParts';
import { TEXTS } from '../../lib/allTexts';
import { BoardSectionSelect, type BoardSectionValue } from '../picker/components/BoardSectionSelect';
import { PinDetailsFields, type PinDetails } from '../pins/components/PinDetailsFields';

/** A new Pin's form column (decision 082): the form's error, the Pin's details, its board and section, then Publish. */
export function PublishFields({
  className,
  submitRowClassName,
  formError,
  details,
  onDetailsChange,
  showAllErrors,
  place,
  onPlaceChange,
  pending,
}: {
  className: string | undefined;
  submitRowClassName: string | undefined;
  formError: string | null;
  details: PinDetails;
  onDetailsChange: (details: PinDetails) => void;
  showAllErrors: boolean;
  place: BoardSectionValue;
  onPlaceChange: (place: BoardSectionValue) => void;
  pending: boolean;
}) {
  return (
    <div className={className}>
      {formError && <FormError>{formError}</FormError>}
      <PinDetailsFields value={details} onChange={onDetailsChange} showAllErrors={showAllErrors} disabled={pending} />
      <BoardSectionSelect value={place} onChange={onPlaceChange} disabled={pending} preselectRecent />
      <FormActions className={submitRowClassName} pending={pending}>
        {pending ? TEXTS.create.publishing : TEXTS.create.publish}
      </FormActions>
    </div>
  );
}
