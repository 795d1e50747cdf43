import { useParams } from 'react-router';
import { RelatedPins } from '../features/feeds/components/RelatedPins';
import { TriedButton } from '../features/partner/components/TriedButton';
import { PinCloseupPage } from '../features/pins/PinCloseupPage';

/** /pin/{id}/ */
export function PinRoute() {
  const { id = '' } = useParams();
  return <PinCloseupPage pinId={id} RelatedPins={RelatedPins} TriedButton={TriedButton} />;
}
