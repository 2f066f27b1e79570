// Every rule's reason and examples, by family (rule.ts, RuleDocs): for the tests and the rules
// page. Importing this module defines the rules too.
import './index';
import './shape';
import './shape.docs';
import './candidates.docs';
import './labels.docs';
import './urls.docs';
import './data.docs';
import './catalogue.docs';
import './code.docs';
import './repeats.docs';

export { docsOf, type RuleDocs } from './rule';
