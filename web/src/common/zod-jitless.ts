// Imported first by each browser entry. zod compiles object parsers with `new Function`, and
// its first parse probes whether eval is allowed; under the site's CSP (no 'unsafe-eval')
// that probe is reported as a violation, even though zod catches it. Jitless mode skips the
// probe and the compiler: the same results, without eval.
import { z } from 'zod';

z.config({ jitless: true });
