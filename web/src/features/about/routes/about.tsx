import { Page } from '../../../components/Page';
import { CauseButtons } from '../components/CauseButtons';
import { TeamCarousel } from '../components/TeamCarousel';
import { TEAM } from '../components/team';
import '../about.css';

const OBJECTIVES = [
  {
    title: 'A private equity approach for public markets',
    text: 'Study a listed company the way a buyer of the whole business would: its earnings, its assets, its cash and the price you pay for them, not the noise of the day.',
  },
  {
    title: 'Awareness of compounding',
    text: 'Small, steady returns kept invested for years grow into large ones. Our tools show what patience is worth, so time works for you.',
  },
  {
    title: 'Giving to noble causes',
    text: 'Wealth built carefully can do good. We want Mr. Market to help its community give to causes that feed, teach and shelter people.',
  },
] as const;

const PRINCIPLES = [
  {
    title: 'Work to Give',
    text: 'We work so that we, and the people who use Mr. Market, have more to give to others.',
  },
  {
    title: 'Keep to Your Word',
    text: 'We say what our numbers mean and where they come from, and we do what we say we will.',
  },
  {
    title: 'Act Local Think Global',
    text: 'Rooted in Singapore and serving our community first, we study companies and markets across the world.',
  },
  {
    title: 'Strategic Partnerships for Expansion',
    text: 'We grow by working with partners who share our values, from data providers to charities.',
  },
  {
    title: 'Advance with Stability',
    text: 'Like a careful investor, we prefer steady progress over risky leaps, and keep a margin of safety.',
  },
] as const;

export function Component() {
  return (
    <Page title="About Us" className="about">
      <p className="lead about__intro">
        Mr. Market helps individual investors study NYSE and NASDAQ companies, value them with their
        own assumptions and hold their views to account over time. Mr. Market is the market's mood;
        you bring the patient view of an owner.
      </p>

      <section className="section" aria-labelledby="about-objectives">
        <h2 id="about-objectives">Our objectives</h2>
        <ul className="objectives">
          {OBJECTIVES.map((o) => (
            <li key={o.title} className="objective">
              <h3>{o.title}</h3>
              <p>{o.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="section" aria-labelledby="about-principles">
        <h2 id="about-principles">Our principles</h2>
        <ol className="principles">
          {PRINCIPLES.map((p) => (
            <li key={p.title} className="principle">
              <h3>{p.title}</h3>
              <p>{p.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="section" aria-labelledby="about-team">
        <h2 id="about-team">Meet the Team</h2>
        <TeamCarousel members={TEAM} label="Team members" />
      </section>

      <section className="section causes" aria-labelledby="about-causes">
        <h2 id="about-causes">Causes we support</h2>
        <p>
          Part of what Mr. Market earns will go to causes close to our hearts. Choose one to learn
          how you can help.
        </p>
        <CauseButtons />
      </section>
    </Page>
  );
}
