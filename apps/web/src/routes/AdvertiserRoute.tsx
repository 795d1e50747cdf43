import { useParams } from 'react-router';
import { AdvertiserPage } from '../features/ads/AdvertiserPage';

/** /advertiser/{advertiserId}/{key…}/ */
export function AdvertiserRoute() {
  const { advertiserId = '', '*': rest = '' } = useParams();
  return <AdvertiserPage advertiserId={advertiserId} rest={rest} />;
}
