# The Umpire image for docker-compose.yml (API, workers and beat run the same image).
FROM python:3.11-slim
WORKDIR /app
COPY pyproject.toml ./
COPY domain domain
COPY infra infra
COPY services services
RUN pip install --no-cache-dir .
ENV UMPIRE_HOST=0.0.0.0 UMPIRE_DATA=/data
VOLUME /data
EXPOSE 8000
CMD ["umpire", "serve"]
