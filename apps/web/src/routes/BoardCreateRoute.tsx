import { BoardCreatePage } from '../features/create/BoardCreatePage';

/** /board/create/ and /board/create/cluster/{clusterId}/ */
export function BoardCreateRoute() {
  return <BoardCreatePage />;
}
