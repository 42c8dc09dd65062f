import HomePage from '../../features/home/pages/home-page';
import { HomeTrackBox } from '../../features/orders/components/track-search-box';

/** Features meet here: the home page shows the orders feature's track box. */
export default function Home() {
  return <HomePage trackBox={<HomeTrackBox />} />;
}
