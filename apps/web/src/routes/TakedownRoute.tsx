import { useParams } from 'react-router';
import { TakedownPage } from '../features/moderation/TakedownPage';

/** /report/{form}/ */
export function TakedownRoute() {
  const { form = '' } = useParams();
  return <TakedownPage form={form} />;
}
