import { describe, expect, it } from 'vitest'
import { renderMailMarkdown } from './render.js'

describe('renderMailMarkdown', () => {
  it('renders Markdown to HTML and keeps the Markdown as the text part', () => {
    const out = renderMailMarkdown(
      '# Rent is due\r\n\r\nThe **finale** is *on*.\r\n\r\n- one\r\n- two\r\n',
    )
    expect(out.html).toBe(
      '<h1>Rent is due</h1>\n<p>The <strong>finale</strong> is <em>on</em>.</p>\n' +
        '<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n',
    )
    expect(out.text).toBe('# Rent is due\n\nThe **finale** is *on*.\n\n- one\n- two')
  })

  it('escapes every tag the team types', () => {
    const { html } = renderMailMarkdown('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>')
    expect(html).not.toMatch(/<script|<img/)
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
  })

  it('keeps only absolute web and mailto links, and web images', () => {
    const { html } = renderMailMarkdown(
      '[site](https://rentdue.example/news) [mail](mailto:team@rentdue.example) ' +
        '[bad](javascript:alert(1)) [rel](/news) ![pic](https://rentdue.example/a.png) ' +
        '![data](data:image/png;base64,AAAA)',
    )
    expect(html).toContain('<a href="https://rentdue.example/news">site</a>')
    expect(html).toContain('<a href="mailto:team@rentdue.example">mail</a>')
    expect(html).toContain('<img src="https://rentdue.example/a.png" alt="pic">')
    expect(html).not.toMatch(/href="javascript:|href="\/news"|src="data:/)
    expect(html).toContain('[bad](javascript:alert(1))')
  })
})
