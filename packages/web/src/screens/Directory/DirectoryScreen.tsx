import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import EmptyState from '../../components/EmptyState.tsx';

/** Route /directory/:dirId — directory content. */
export default function DirectoryScreen() {
  return <EmptyState icon={<FolderOpenIcon />} title="Directory" text="This directory's cards will appear here." requiresSignIn={true} />;
}
