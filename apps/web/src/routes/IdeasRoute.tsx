import { useParams } from 'react-router';
import { IdeasPage } from '../features/topics/IdeasPage';

/** /ideas/{slug}/ */
export function IdeasRoute() {
  const { slug = '' } = useParams();
  return <IdeasPage slug={slug} />;
}
