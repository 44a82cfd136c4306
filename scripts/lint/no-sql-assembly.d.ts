import type { Rule } from 'eslint'

export const noSqlAssembly: Rule.RuleModule
declare const plugin: { rules: Record<string, Rule.RuleModule> }
export default plugin
