// Every rule of the finder, by family (rule.ts says what a rule is). Importing this module
// defines every family the finder applies (find.ts imports them); the shape family names
// textShape.ts's branches and is loaded with the docs (docs.ts): no code asks it at run time.
import './candidates';
import './labels';
import './urls';
import './data';
import './catalogue';
import './code';
import './repeats';

export { FAMILIES, reachInLines, registeredRules, ruleById, ruleOfCode, type DocumentKind, type Family, type Rule, type RuleExample } from './rule';
