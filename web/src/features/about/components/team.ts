import amelia from '../assets/amelia-tan.svg';
import daniel from '../assets/daniel-wong.svg';
import marcus from '../assets/marcus-lee.svg';
import nurul from '../assets/nurul-aisyah.svg';
import rajesh from '../assets/rajesh-kumar.svg';
import sophie from '../assets/sophie-lim.svg';

export interface TeamMember {
  name: string;
  role: string;
  bio: string;
  photo: string;
}

export const TEAM: readonly TeamMember[] = [
  {
    name: 'Amelia Tan',
    role: 'Founder and Chief Executive',
    bio: 'Spent twelve years in private equity across Southeast Asia before founding Mr. Market to bring the same patient, owner-minded analysis to public markets.',
    photo: amelia,
  },
  {
    name: 'Rajesh Kumar',
    role: 'Head of Research',
    bio: 'A CFA charterholder who built valuation models for a Singapore family office. He designs the P/E, P/B, P/S and EV/EBITDA models and their defaults.',
    photo: rajesh,
  },
  {
    name: 'Sophie Lim',
    role: 'Chief Technology Officer',
    bio: 'Has built trading and data platforms for banks in Singapore and London. She keeps Mr. Market fast, secure and honest about its data.',
    photo: sophie,
  },
  {
    name: 'Daniel Wong',
    role: 'Lead Product Designer',
    bio: 'Turns balance sheets into screens people enjoy reading. Before Mr. Market he designed tools for personal finance start-ups.',
    photo: daniel,
  },
  {
    name: 'Nurul Aisyah',
    role: 'Partnerships and Giving',
    bio: 'Works with local charities and partners on our causes, from food programmes to financial education in schools.',
    photo: nurul,
  },
  {
    name: 'Marcus Lee',
    role: 'Data Engineer',
    bio: 'Looks after the market data behind every chart and ratio: where it comes from, how fresh it is and what to do when it is missing.',
    photo: marcus,
  },
];
