import NotFound from '../../components/NotFound.tsx';

/** Any path no route matches: "Page not found" with a way home and a card search. */
export default function NotFoundScreen() {
  return <NotFound kind="page" />;
}
