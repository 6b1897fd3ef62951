import { Link } from 'react-router-dom';
import { NOT_FOUND_META } from '../seo/route-meta';
import { usePageMeta } from '../seo/use-page-meta';

/** Plain English, as the spec writes it. */
export function NotFoundPage({ path }: { path: string }) {
  usePageMeta({ ...NOT_FOUND_META, path });
  return (
    <div className="container page not-found">
      <h1>404 Page Not Found</h1>
      <p>Did you forget to add the page to the router?</p>
      <Link to="/" className="button button-primary">
        Back to home
      </Link>
    </div>
  );
}
