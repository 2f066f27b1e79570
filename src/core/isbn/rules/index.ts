// Every rule of the finder, by family (rule.ts says what a rule is). Importing this module
// defines them all; find.ts imports the families it applies.
import './candidates';
import './labels';
import './urls';
import './data';
import './catalogue';
import './code';
import './repeats';

export { FAMILIES, reachInLines, registeredRules, ruleById, ruleOfCode, type DocumentKind, type Family, type Rule, type RuleExample } from './rule';
