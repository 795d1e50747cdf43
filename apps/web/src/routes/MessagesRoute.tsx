import { useParams } from 'react-router';
import { MessagesPage } from '../features/messages/MessagesPage';

/** /messages/ and /conversation/{id}/ */
export function MessagesRoute() {
  const { id = '' } = useParams();
  return <MessagesPage id={id} />;
}
