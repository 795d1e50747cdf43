import { SearchMePage, SearchPage } from '../features/search/SearchPages';

/** /search/ */
export function SearchRoute() {
  return <SearchPage />;
}

/** /search/me/ */
export function SearchMeRoute() {
  return <SearchMePage />;
}
