import Box from '@mui/material/Box';

/** docs/contracts.md §2: below the card, a plain link out of the app to /order/. */
export default function OrderLink() {
  return (
    <Box sx={{ textAlign: 'center', py: 3 }}>
      <Box
        component="a"
        href="/order/"
        sx={{ color: 'primary.main', fontWeight: 600, textDecoration: 'none', '&:hover': { textDecoration: 'underline' } }}
      >
        Would you like to get your own profile?
      </Box>
    </Box>
  );
}
