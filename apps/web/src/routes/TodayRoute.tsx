import { useParams } from 'react-router';
import { TodayArticlePage, TodayIndexPage } from '../features/today/TodayPages';

/** /today/ */
export function TodayIndexRoute() {
  return <TodayIndexPage />;
}

/** /today/{kind}/{articleSlug}/{id}/ */
export function TodayArticleRoute() {
  const { id = '' } = useParams();
  return <TodayArticlePage id={id} />;
}
