import dayjs from 'dayjs';
import { useEffect, useState } from 'react';

export function BoardClock() {
  const [now, setNow] = useState(() => dayjs());
  useEffect(() => {
    const id = setInterval(() => setNow(dayjs()), 1000);
    return () => clearInterval(id);
  }, []);
  return <span className="board-clock">{now.format('YYYY-MM-DD HH:mm:ss')}</span>;
}
