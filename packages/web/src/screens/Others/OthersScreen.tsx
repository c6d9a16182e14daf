import ContactsIcon from '@mui/icons-material/Contacts';
import EmptyState from '../../components/EmptyState.tsx';

/** Route /others — other cards. */
export default function OthersScreen() {
  return <EmptyState icon={<ContactsIcon />} title="Other cards" text="Cards you have viewed and saved will appear here." requiresSignIn={true} />;
}
