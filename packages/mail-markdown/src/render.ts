// A newsletter's Markdown as the fans get it, in one place for the server's mails and the
// console's preview: the HTML part and the text part. markdown-it with raw HTML turned off escapes
// every tag the team types, so the HTML holds only what Markdown itself makes (paragraphs,
// emphasis, lists, headings, quotes, code, links, images); links and images keep only absolute
// http(s) addresses (and mailto: for links), anything else stays as the text it was written as.
// The text part is the Markdown itself, which reads well as plain text.
import MarkdownIt from 'markdown-it'

export interface RenderedMail {
  html: string
  text: string
}

const ABSOLUTE_WEB = /^https?:\/\/[^\s]+$/i
const MAILTO = /^mailto:[^\s]+$/i

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: true })

// markdown-it's own check already refuses javascript:, vbscript:, file: and most data: URLs; a
// mail needs more: a relative link means nothing in an inbox.
markdown.validateLink = (url: string) => ABSOLUTE_WEB.test(url) || MAILTO.test(url)

// Images may only come from the web, never from a mailto: address.
const defaultImage = markdown.renderer.rules.image
markdown.renderer.rules.image = (tokens, idx, options, env, self) => {
  const src = String(tokens[idx]?.attrGet('src') ?? '')
  if (!ABSOLUTE_WEB.test(src)) return markdown.utils.escapeHtml(tokens[idx]?.content ?? '')
  return defaultImage ? defaultImage(tokens, idx, options, env, self) : ''
}

/** The mail's HTML and text parts for a newsletter written in Markdown. */
export function renderMailMarkdown(source: string): RenderedMail {
  const text = source.replace(/\r\n?/g, '\n').trim()
  return { html: markdown.render(text), text }
}
