import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import EmptyState from '../../components/EmptyState.tsx';

/** Any path no route matches. */
export default function NotFoundScreen() {
  return <EmptyState icon={<TravelExploreIcon />} title="Page not found" text="There is nothing at this address." requiresSignIn={false} />;
}
