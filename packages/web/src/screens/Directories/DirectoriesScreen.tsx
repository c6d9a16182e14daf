import FolderSharedIcon from '@mui/icons-material/FolderShared';
import EmptyState from '../../components/EmptyState.tsx';

/** Route /directories — list of directories. */
export default function DirectoriesScreen() {
  return <EmptyState icon={<FolderSharedIcon />} title="Directories" text="Your directories will appear here." requiresSignIn={true} />;
}
