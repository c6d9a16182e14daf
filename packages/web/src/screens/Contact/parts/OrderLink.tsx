import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

/** docs/contracts.md §2: below the card, a plain link out of the app to /order/. */
export default function OrderLink() {
  const { t } = useTranslation('card');
  return (
    <Box sx={{ textAlign: 'center', py: 3 }}>
      <Box
        component="a"
        href="/order/"
        sx={{ color: 'primary.main', fontWeight: 600, textDecoration: 'none', '&:hover': { textDecoration: 'underline' } }}
      >
        {t('orderLink')}
      </Box>
    </Box>
  );
}
